/**
 * How long an idle keep-alive connection stays open: 65 s, where Node's default is 5 s.
 *
 * A client that sends its next request on a connection the server is at that moment closing as idle gets a reset
 * (`ECONNRESET`) for a request the server never read. Node 20's own `http.Agent` makes that likely near the
 * server's timeout. Unless it is given a `timeout` of its own, it never expires an idle socket (it reads the server's
 * `Keep-Alive: timeout` hint only to shorten a timeout it was given), so it reuses sockets up to the moment the
 * server closes them. A pause of the server's event loop (a full GC) widens that moment from microseconds to the
 * pause: the idle timers fire together after it, before the requests that arrived meanwhile are read.
 *
 * The load benchmark met it at 3,000 events/s (bench/results.md, "Load, 2026-12-03 evening"): 2 and then 3 resets in
 * 10 minutes, every one on a reused socket, at times that matched the heap probe's forced GC. Table terminals send
 * every few seconds, so a connection idle for 5 s is common, and one idle for 65 s is rare. 65 s also outlasts the
 * 60 s idle timeout of the usual proxies in front of a server (nginx's upstream `keepalive_timeout`, a cloud load
 * balancer's), which must close their side first.
 *
 * The headers' timeout stays above it, so that an idle connection is only ever closed by the keep-alive timer.
 */
import type { Server } from 'node:http';

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
