"""Field types: one module per type, each holding all that is particular to it.

base.py is the generic type (a keyed string answer); choice.py and block.py are the shared bases
of the choice types and of the address/school blocks; registry.py names every type, in the order
the meta-schema lists them. The generic code (definition/, pdf/) asks REGISTRY[name] and never
tests a type's name. See docs/authoring.md, "Adding a field type".
"""
