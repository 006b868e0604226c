import { request } from 'node:http';

export interface SlowPost {
  /** The answer, once the rest of the body was sent (`finish`). */
  readonly answered: Promise<{ status: number; body: string }>;
  /** Sends the second half of the body. */
  finish(): void;
}

/** A POST to /v1/tasks whose body is sent in two halves, so it is in flight until `finish()`. */
export const slowPost = (baseUrl: string, key: string, body: string): SlowPost => {
  const { hostname, port } = new URL(baseUrl);
  const half = Math.floor(body.length / 2);
  let finish: () => void = () => undefined;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: '/v1/tasks',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { answered, finish: () => finish() };
};
