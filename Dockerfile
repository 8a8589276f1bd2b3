# syntax=docker/dockerfile:1
#
# Switchboard in a container: one static binary (CGO_ENABLED=0; SQLite is
# pure Go) on a distroless base that holds CA certificates and little else,
# run as a non-root user. Build from the repository root, naming the version
# `switchboard --version` reports (.git is not sent to the builder):
#
#   docker build --build-arg VERSION=$(git describe --tags --always --dirty) -t switchboard .
#
# Run it (docs/production.md): PostgreSQL by DATABASE_URL, `switchboard
# migrate` as its own step, then `serve` (the default command).
#
# Without a Docker engine, cmd/switchboard's TestDockerfile runs this file's
# build command and starts the binary as the image would (its ENV, WORKDIR,
# ENTRYPOINT, CMD) until its HEALTHCHECK passes.

ARG GO_VERSION=1.26.8

FROM golang:${GO_VERSION} AS build
WORKDIR /src
# The modules first: a change of the code alone reuses their layer.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=devel
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" \
      -o /out/switchboard ./cmd/switchboard \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/switchboard /usr/local/bin/switchboard
# Where an embedded SQLite database lives when DATABASE_URL is not
# PostgreSQL's: owned by the image's non-root user (65532); mount a volume.
COPY --from=build --chown=65532:65532 /out/data /data
WORKDIR /data
USER 65532:65532
# Every interface, in the container: the simulator's loopback-only default
# would be unreachable through a published port.
ENV SWITCHBOARD_ADDR=:8080 \
    DATABASE_URL=sqlite:/data/switchboard.db \
    LOG_FORMAT=json
EXPOSE 8080
VOLUME ["/data"]
# Liveness: the process and its database answer. Balancers ask /readyz.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["/usr/local/bin/switchboard", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/switchboard"]
CMD ["serve"]
