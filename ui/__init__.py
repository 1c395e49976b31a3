"""Five Hundred browser UI (PyScript). Entry module: ui.main."""
