# casino-audit: the API, the pages and the projectors (`casino-audit serve`), or any other command.
#
#   docker build -t casino-audit .
#   docker run --rm -e DATABASE_URL=postgres://… -p 3000:3000 -p 9464:9464 casino-audit
#   docker run --rm -e DATABASE_URL=postgres://… casino-audit verify
#
# Not built on the machine where this file was written (no container engine there): see README,
# "Operating it". Node 22 is a supported line (package.json engines); the test suite ran on Node 20.
ARG NODE_IMAGE=node:22-bookworm-slim

# ── build: every dependency, the server, the CLI and the pages ─────────────────────────────────────
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY apps ./apps
COPY libs ./libs
COPY bench ./bench
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ── runtime: the compiled code and the production dependencies only, run as the unprivileged `node` ─
FROM ${NODE_IMAGE} AS runtime
# NODE_OPTIONS: a 64 MiB young generation (V8's default is 16): at 7,500 events/s the server took 5–7 % more
# (bench/results.md, load probes of 2026-12-01; docs/deployment.md, "What a node takes")
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=64 \
    CASINO_AUDIT_HOME=/var/lib/casino-audit \
    CASINO_AUDIT_LOG_FORMAT=json \
    CASINO_AUDIT_OPS_PORT=9464 \
    CASINO_AUDIT_OPS_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY bin ./bin
RUN ln -s /app/bin/casino-audit.js /usr/local/bin/casino-audit \
 && mkdir -p /var/lib/casino-audit \
 && chown node:node /var/lib/casino-audit
USER node
# 3000: API, OpenAPI and pages (credentials required); 9464: probes and /metrics, no credential (keep it private)
EXPOSE 3000 9464
# liveness, not readiness: a database outage must not get the container killed (readiness is for the load balancer)
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:9464/api/v1/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["casino-audit"]
CMD ["serve", "--host", "0.0.0.0", "--port", "3000"]
