/**
 * Node options the server runs with, wherever it is started (`npm start`, the Dockerfile, the
 * tests and the benchmark; a test holds the first two to this list).
 *
 * `--max-semi-space-size=8` caps V8's young generation at 8 MiB per semi-space. Requests allocate
 * short-lived objects fast, and by default the young generation grows until it holds tens of MiB
 * that are mostly garbage: under a write and list load the process peaked at about 220 MB RSS by
 * default and 175 MB with the cap, at the same requests per second. V8 reads it only at start.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const;
