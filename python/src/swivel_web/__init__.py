"""swivel-web: the stand's page and JSON API over one host session (docs/WEB.md)."""
