# Switchboard's everyday commands. `make help` lists them.
GO ?= go
SHELL := /bin/bash
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
GOFILES = $(shell git ls-files '*.go' | grep -v '^gen/')

# The version a build reports (switchboard --version): the nearest release tag
# and the commits since it, from git; `make build VERSION=v1.2.3` names one.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
LDFLAGS = -s -w -X main.version=$(VERSION)

NPM_CI = npm ci --no-audit --no-fund --loglevel=error
NODE_PKGS = gen/typescript gen/docs examples/softphone .ci/contract

.PHONY: help run build generate check drift fmt vet api-diff test-api-diff release test test-postgres test-readme bench bench-1m bench-calls-1m load-dial-lists fuzz lint-spec test-ts test-browser test-contract test-sim-oai node-deps

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

run: ## run the service (embedded SQLite and provider simulator)
	$(GO) run ./cmd/switchboard

build: ## a static binary, bin/switchboard, that reports VERSION (git describe) in --version
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o bin/switchboard ./cmd/switchboard

generate: node-deps ## regenerate gen/ (Go server, TypeScript client, docs) and the softphone from openapi.yaml
	$(GO) generate ./gen/...
	cd gen/typescript && npm run --silent generate && npm run --silent build
	cd gen/docs && npm run --silent build
	cd examples/softphone && npm run --silent build

# npm ci runs again only when a package-lock.json changed (or node_modules is gone).
node-deps: $(addsuffix /node_modules/.package-lock.json,$(NODE_PKGS))
%/node_modules/.package-lock.json: %/package-lock.json
	cd $* && $(NPM_CI)
	@touch $@

drift: generate ## fail when gen/ or the built softphone differs from what openapi.yaml generates
	@git diff --exit-code --stat -- gen/ examples/softphone/dist/ || { echo "generated files are stale: run 'make generate' and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- gen/ examples/softphone/dist/)" || { git status --porcelain -- gen/ examples/softphone/dist/; echo "gen/ has files openapi.yaml does not generate"; exit 1; }

lint-spec: node-deps ## lint openapi.yaml with Redocly's recommended-strict rules (gen/docs/redocly.yaml)
	@cd gen/docs && set -o pipefail && REDOCLY_TELEMETRY=off ./node_modules/.bin/redocly lint --config redocly.yaml \
		--format stylish ../../openapi.yaml 2>&1 | grep -v '[║╔╚]' | grep -v '^ *$$'

# CONTRACT_GATE runs a test command with Stoplight Prism's validating proxy
# between the tests and the real program (.ci/contract/run.mjs): any request
# or response that breaks openapi.yaml fails the target.
CONTRACT_GATE = node .ci/contract/run.mjs

test-ts: node-deps ## the TypeScript client's Node test against the real program through Prism; type, package, README and /docs code-sample checks
	cd gen/typescript && npm run --silent build
	$(CONTRACT_GATE) ts -- bash -c 'cd gen/typescript && npm test'
	cd gen/typescript && node check-types.mjs && node check-pack.mjs && node check-readme.mjs
	cd gen/docs && node check-samples.mjs

test-browser: node-deps ## the softphone and /docs in headless Chromium through Prism (needs /usr/bin/chromium)
	cd gen/typescript && npm run --silent build
	$(CONTRACT_GATE) browser -- bash -c 'cd examples/softphone && npm run --silent e2e'

test-contract: node-deps ## the contract gate's own test (it fails on a wrong response) and a second generator (@hey-api/openapi-ts) under tsc --strict
	cd .ci/contract && node --test gate.test.mjs && node second-generator.mjs

# SIM_OAI_GATE points the contract gate at Twilio's published description of
# the 2010-04-01 API instead of openapi.yaml (.ci/twilio-oai/README.md).
SIM_OAI_GATE = --spec .ci/twilio-oai/twilio_api_v2010.yaml --prefix /2010-04-01/ --known-gaps .ci/twilio-oai/known-gaps.json

test-sim-oai: node-deps ## the embedded simulator's every REST route through Prism with Twilio's own description (.ci/twilio-oai): 0 violations but its listed known gaps; and the check's own test
	cd .ci/twilio-oai && node --test check.test.mjs
	$(CONTRACT_GATE) sim-oai $(SIM_OAI_GATE) -- $(GO) test ./telephony/simulator -run '^TestTwilioDescription$$' -count=1 -v

api-diff: ## fail on a breaking change to /v1 against the last release's spec (.ci/api-baseline) that .ci/api-breaking-allowed.txt does not list (oasdiff, pinned)
	.ci/api-diff

test-api-diff: ## the breaking-change gate's own test: it fails on renamed fields and removed operations, passes on additions
	.ci/api-diff-test

release: ## cut release VERSION=vX.Y.Z on this commit: changelog, the gate's baseline, one commit and an annotated tag, locally (docs/releases.md)
	@test "$(origin VERSION)" = "command line" || { echo "usage: make release VERSION=vX.Y.Z"; exit 2; }
	.ci/release '$(VERSION)'

fmt: ## fail when a hand-written Go file is not gofmt-ed
	@out=$$(gofmt -l $(GOFILES)); test -z "$$out" || { echo "not gofmt-ed: $$out"; exit 1; }

vet: ## go vet
	$(GO) vet ./...

check: drift fmt vet lint-spec api-diff ## everything CI checks besides the tests

test: ## the tests (SQLite; PostgreSQL tests skip without TEST_DATABASE_URL)
	$(GO) test ./...

test-postgres: ## the store and HTTP suites against PostgreSQL
	TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(GO) test ./store/... ./server/...

test-readme: ## run the sh blocks of README.md and docs/*.md in order against one fresh server (.ci/readme-blocks)
	.ci/readme-blocks

bench: ## the benchmarks on both databases (see docs/performance.md)
	TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(GO) test -run '^$$' -bench . -benchtime 3x -timeout 30m ./...

load-dial-lists: ## not in CI: 20 agents on 2 instances work a 10,000-entry dial list over one PostgreSQL through the simulator (LOAD_ENTRIES to change its size, LOAD_WRAPUP an agent's wrap-up time); see docs/performance.md
	SWITCHBOARD_LOAD=1 LOAD_WRAPUP=$(LOAD_WRAPUP) TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(GO) test -run '^TestDialListLoad$$' -count=1 -v -timeout 30m ./server/

bench-1m: ## not in CI: 1,000,000 contacts imported into the real program on both databases, every search class and a cursor walk, written into docs/performance.md; 1,000,000 calls counted by status
	SWITCHBOARD_BENCH_1M=1 SWITCHBOARD_BENCH_1M_DOC='$(CURDIR)/docs/performance.md' TEST_DATABASE_URL='$(TEST_DATABASE_URL)' \
		$(GO) test ./server -run '^$$' -bench 'Contacts1M' -benchtime 1x -timeout 90m -v
	SWITCHBOARD_BENCH_1M=1 TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(GO) test ./store -run '^$$' -bench 'CallsByStatus1M' -benchtime 20x -timeout 30m

bench-calls-1m: ## not in CI: 1,000,000 calls over 200,000 contacts loaded in bulk on both databases, then a contact's history, every filter class of the admin list and 90-day reports (see docs/performance.md)
	SWITCHBOARD_BENCH_CALLS_1M=1 TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(GO) test ./server -run '^$$' -bench 'Calls1M' -benchtime 1x -timeout 90m -v

fuzz: ## run each fuzz target for a while
	$(GO) test -run '^$$' -fuzz FuzzNormalize -fuzztime 30s ./telephony/phone/
	$(GO) test -run '^$$' -fuzz FuzzImport -fuzztime 30s ./server/
