// The LLM-judged metrics arrive in a later release.
export {};
