"""Scale-out: tables shared by processes through leases, a bus, relays and handovers."""
