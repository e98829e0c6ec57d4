"""Floor 8: printed sheets (PDF, ReportLab): ICF XIX score cards per round, match or event (blank), pairings,
results and standings."""
