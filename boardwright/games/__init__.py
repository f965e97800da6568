"""One package per game. Each exposes `GAME` and registers it with the engine registry on import."""
