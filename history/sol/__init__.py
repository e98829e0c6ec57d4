"""SoL files, in the `history` wing: `import_sol` and `export_sol`, the upload page with its progress and
`/api/sol/import/`, so a federation exchanges its history with SoL. See README.md beside this file."""
