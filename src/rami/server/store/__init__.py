"""Storage of tables and their events: the interface, memory and SQL stores, schema, migrations."""
