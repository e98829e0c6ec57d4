"""Printed sheets (PDF, ReportLab) and exports, above the players' pages: ICF XIX score cards per round, match or
event (blank), pairings, results, standings, placings and brackets; the players' links as QR codes; the
spreadsheets (CSV, XLSX)."""
