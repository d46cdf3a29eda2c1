"""Several server processes sharing the tables through PostgreSQL and Redis (docs/cluster.md)."""
