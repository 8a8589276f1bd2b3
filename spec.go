package switchboard

import _ "embed"

// OpenAPISpec is openapi.yaml as written, served at GET /openapi.yaml so that
// clients and partners read exactly what the code was generated from.
//
//go:embed openapi.yaml
var OpenAPISpec []byte
