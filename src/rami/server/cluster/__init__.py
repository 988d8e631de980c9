"""Scale-out: the cluster's placement of tables: heartbeats, ownership, a bus, relays, handovers."""
