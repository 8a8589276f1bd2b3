import { fileURLToPath } from "node:url";

import { defineConfig } from "vite";

// The pages are served by `switchboard serve` at /softphone/ and
// /softphone/reports.html (embedded from dist/ by softphone.go). `npm run dev` serves it with hot reload and sends
// the API and the simulator's routes to a switchboard on :8080.
export default defineConfig({
  base: "/softphone/",
  resolve: {
    alias: {
      // The client generated from openapi.yaml, compiled with the page.
      "@switchboard/client": fileURLToPath(new URL("../../gen/typescript/src/index.ts", import.meta.url)),
    },
  },
  server: {
    fs: { allow: ["../.."] },
    proxy: { "/v1": "http://localhost:8080", "/sim": "http://localhost:8080" },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // One file per kind, no source maps: the output is committed and embedded.
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
    // Two pages: the agent's softphone and the team lead's reports.
    rollupOptions: {
      input: {
        softphone: fileURLToPath(new URL("index.html", import.meta.url)),
        reports: fileURLToPath(new URL("reports.html", import.meta.url)),
      },
    },
  },
});
