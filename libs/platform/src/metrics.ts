/**
 * The process's Prometheus registry (issue 18 §2): every part registers its own metrics here, and
 * `GET /metrics` serves it. One registry, so a test or a second app in the same process starts clean
 * with `metricsRegistry.resetMetrics()` instead of fighting prom-client's global default.
 */
import { Registry } from 'prom-client';

export const metricsRegistry = new Registry();
