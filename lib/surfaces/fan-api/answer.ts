/**
 * The fan API's JSON answers before they are Web Responses (issue #35). A `Response.json` built
 * by a handler and read back by the front door (server/front-door.ts) costs about 40 µs — a
 * stream made, filled and drained — of a request whose whole work is about 300 µs: the front
 * door writes a `JsonAnswer`'s text to the socket as it is, and the route files, which Next.js
 * answers, get the same answer as a Response (`toResponse`). Downloads, ZIPs and the error
 * mapper's answers stay Responses (`FanAnswer` is either).
 */
export interface JsonAnswer {
  status: number;
  /** The JSON text (sent as `application/json`). */
  body: string;
  /** Headers beside `Content-Type`, in order (a `Set-Cookie` may come more than once). */
  headers: [string, string][];
}

export type FanAnswer = Response | JsonAnswer;

export const jsonAnswer = (data: unknown, status = 200): JsonAnswer => ({
  status,
  body: JSON.stringify(data),
  headers: [],
});

/** Sets a header, replacing its earlier values (as `Headers.set`). */
export function setAnswerHeader(answer: FanAnswer, name: string, value: string): void {
  if (answer instanceof Response) return answer.headers.set(name, value);
  const lower = name.toLowerCase();
  answer.headers = [...answer.headers.filter(([key]) => key.toLowerCase() !== lower), [name, value]];
}

/** Adds a header value (as `Headers.append`: a second `Set-Cookie` is a second cookie). */
export function appendAnswerHeader(answer: FanAnswer, name: string, value: string): void {
  if (answer instanceof Response) return answer.headers.append(name, value);
  answer.headers.push([name, value]);
}

export function toResponse(answer: FanAnswer): Response {
  if (answer instanceof Response) return answer;
  const headers = new Headers({ "content-type": "application/json" });
  for (const [name, value] of answer.headers) headers.append(name, value);
  return new Response(answer.body, { status: answer.status, headers });
}
