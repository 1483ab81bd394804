"""Loading a tenant folder: YAML with every node's file, line and column (loader), the folder's files
read and each checked against its part of tenant.schema.json (source, structure), and the page trees
walked into the model of answer keys, repeaters and tabs that every later stage reads (model)."""
