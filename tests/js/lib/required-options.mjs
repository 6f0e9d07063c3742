// The option each 0.x LLM class cannot be made without (the others take none it needs), for the
// tests that make every class.

export const REQUIRED_OPTIONS = {
  ContextPositionMetric: ['context'],
  ContextPrecisionMetric: ['context'],
  ContextRelevancyMetric: ['context'],
  ContextualRecallMetric: ['context'],
  FaithfulnessMetric: ['context'],
  HallucinationMetric: ['context'],
  PromptAlignmentMetric: ['instructions'],
};
