// Package api is generated from openapi.yaml by oapi-codegen: the request and
// response types, the Echo strict-server interface and the embedded spec. Do
// not edit the *.gen.go files; change openapi.yaml and run `make generate`.
package api

//go:generate go tool oapi-codegen -config types.cfg.yaml ../../openapi.yaml
//go:generate go tool oapi-codegen -config server.cfg.yaml ../../openapi.yaml
