import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// Served by the service under /console/; the bundle is committed (ADR 0019), so the build must be
// reproducible: no source maps, no timestamps, hashed file names from contents only.
export default defineConfig({
  base: "/console/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { "/v1": "http://localhost:8080", "/console/config.json": "http://localhost:8080" },
  },
});
