"""The `boardwright` command line (typer + rich). Imports the engine, agents and games."""
