# syntax=docker/dockerfile:1
# Build: compile TypeScript with the project's own toolchain.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The server's packages are optional peers of the library (pinned among the devDependencies): the
# manifest is rewritten so that a production install keeps them and drops the tools.
RUN npm run build \
 && node tools/server-manifest.mjs \
 && npm install --omit=dev --no-audit --no-fund

# Run: compiled JavaScript and production dependencies only, as an unprivileged user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATABASE_URL=sqlite:/app/data/workspace.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# The server finishes in-flight requests and closes the database on SIGTERM (docker stop).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself, with no shell in between.
CMD ["node", "dist/bootstrap/main.js"]
