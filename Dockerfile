# Forecourt in production (issue 33 item 7; docs/deploy.md). Two stages, the same steps the test suite
# performs in a clean folder (tests/unit/ops/production-install.test.ts):
#   build:   a full install (`npm ci`, whose prepare step generates Panda's styled-system), `npm run build`;
#   runtime: the release (`npm run release`: the built tree, server sources and lockfile), `npm ci --omit=dev` (no Vite, no Panda), then
#            `node --import tsx server/cli/start.ts --no-build`: one process that receives SIGTERM and
#            drains before it exits 0.
# Every setting comes from the environment: docs/deploy.md lists them; compose.yaml shows a full set.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm run release -- /release

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production FORECOURT_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /release ./
RUN npm ci --omit=dev --no-audit --no-fund \
  && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/cli/start.ts", "--no-build"]
