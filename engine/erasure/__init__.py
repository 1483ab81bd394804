"""Erasure of one applicant's data from every store, with a tombstone and a verification."""
