"""Hog, one assignment family the framework loads: its editions' rules (`editions`),
and the plug-ins its settings name (`assignment.json`, the cases' `.grader.json`
sidecars): fuzzing `play` against the reference (`fuzz`), exact win rates and the
strategy contest (`strategy`), the game in a browser (`play`)."""
