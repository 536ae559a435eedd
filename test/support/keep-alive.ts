/** GETs over node:http with a keep-alive agent, as a table terminal's client sends them (keep-alive.ts). */
import * as http from 'node:http';

export interface KeptAnswer {
  readonly status: number;
  /** the server's `Keep-Alive` hint */
  readonly keepAlive: string | undefined;
  /** whether the request went on a connection an earlier request had used */
  readonly reused: boolean;
}

export function getKeptAlive(agent: http.Agent, url: string, headers: Record<string, string> = {}): Promise<KeptAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, keepAlive: res.headers['keep-alive']?.toString(), reused: req.reusedSocket }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
