"""address: a postal address block (parts line1, line2, city, state, zip, country), filled from
the address lookup."""

from engine.fieldtypes.block import Block


class Address(Block):
    name = "address"


TYPE = Address()
