"""The command line (placeholder entry point replaced below)."""
