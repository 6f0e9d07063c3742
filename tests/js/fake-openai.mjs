// A scripted OpenAI-compatible Chat Completions server for tests, bound to 127.0.0.1 on a free
// port. `answer(body, request)` decides each reply from the parsed request body: return a string
// (sent as the assistant message), `{ status, body, headers }` for anything else, or
// `{ breakOff: true }` to close the connection halfway through the body. Browsers get the CORS
// headers they need.

import { createServer } from 'node:http';

export async function startFakeOpenAI(answer) {
  const requests = [];
  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'authorization, content-type, x-test-header');
    response.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    let raw = '';
    for await (const chunk of request) raw += chunk;
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    requests.push({ method: request.method, url: request.url, headers: request.headers, body });
    let reply;
    try {
      reply = await answer(body, request);
    } catch (error) {
      reply = { status: 500, body: { error: { message: String(error) } } };
    }
    if (typeof reply === 'string') {
      reply = {
        status: 200,
        body: {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 },
        },
      };
    }
    if (reply.breakOff) {
      // Start a response, then close the connection in the middle of the body.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"choices": [{"message": {"content": "trunc');
      setTimeout(() => request.socket.destroy(), 10);
      return;
    }
    const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    response.end(payload);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(resolve);
    }),
  };
}

/**
 * The smallest answer a JSON Schema allows, for a fake judge that answers any request: the first
 * word of an enum, the least number, one item of a list (a verdict list gets an entry per id, in
 * order), "yes" for a text.
 */
export function smallestAnswer(schema) {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, smallestAnswer(value)]));
  if (schema.type === 'array') {
    const ids = schema.items?.properties?.id?.enum;
    if (ids) return ids.map((id) => ({ ...smallestAnswer(schema.items), id }));
    return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => smallestAnswer(schema.items));
  }
  if (schema.type === 'number' || schema.type === 'integer') return schema.minimum ?? 0;
  return schema.type === 'boolean' ? true : 'yes';
}
