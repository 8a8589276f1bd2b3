# Switchboard's everyday commands. `make help` lists them.
GO ?= go
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
GOFILES = $(shell git ls-files '*.go' | grep -v '^gen/')

.PHONY: help run generate check drift fmt vet test test-postgres bench fuzz

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

run: ## run the service (embedded SQLite and provider simulator)
	$(GO) run ./cmd/switchboard

generate: ## regenerate gen/ from openapi.yaml
	$(GO) generate ./gen/...

drift: generate ## fail when gen/ differs from what openapi.yaml generates
	@git diff --exit-code --stat -- gen/ || { echo "gen/ is stale: run 'make generate' and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- gen/)" || { git status --porcelain -- gen/; echo "gen/ has files openapi.yaml does not generate"; exit 1; }

fmt: ## fail when a hand-written Go file is not gofmt-ed
	@out=$$(gofmt -l $(GOFILES)); test -z "$$out" || { echo "not gofmt-ed: $$out"; exit 1; }

vet: ## go vet
	$(GO) vet ./...

check: drift fmt vet ## everything CI checks besides the tests

test: ## the tests (SQLite; PostgreSQL tests skip without TEST_DATABASE_URL)
	$(GO) test ./...

test-postgres: ## the store and HTTP suites against PostgreSQL
	TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(GO) test ./store/... ./server/...

bench: ## the benchmarks on both databases (see README)
	TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(GO) test -run '^$$' -bench . -benchtime 1x -timeout 30m ./...

fuzz: ## run each fuzz target for a while
	$(GO) test -run '^$$' -fuzz FuzzNormalize -fuzztime 30s ./telephony/
	$(GO) test -run '^$$' -fuzz FuzzImport -fuzztime 30s ./server/
