-- formengine's PostgreSQL database and its two roles (docs/deploy.md, "PostgreSQL from nothing").
-- Run once, as a superuser (or a role with CREATEROLE and CREATEDB), with psql:
--
--   psql -h DBHOST -U postgres -v ON_ERROR_STOP=1 \
--        -v owner_password="$(openssl rand -base64 32)" -v app_password="$(openssl rand -base64 32)" \
--        -f deploy/postgres/create-database.sql
--
-- formengine_owner owns the schema: only it runs the migrations (`formengine db upgrade`, the
-- formengine-migrate unit). formengine_app is what the web and worker processes log in as: it
-- reads and writes rows of formengine's tables and can do nothing else (no CREATE, ALTER, DROP or
-- TRUNCATE, no other database), so a flaw in the app cannot change the schema or drop a table.

CREATE ROLE formengine_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE formengine_app LOGIN PASSWORD :'app_password';
CREATE DATABASE formengine OWNER formengine_owner ENCODING 'UTF8' TEMPLATE template0;
REVOKE ALL ON DATABASE formengine FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE formengine TO formengine_app;

\connect formengine
-- The schema belongs to the owner; nobody else may create objects in it.
ALTER SCHEMA public OWNER TO formengine_owner;
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO formengine_app;
-- Every table and sequence the owner's migrations create: rows for the app, nothing more.
ALTER DEFAULT PRIVILEGES FOR ROLE formengine_owner IN SCHEMA public
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO formengine_app;
ALTER DEFAULT PRIVILEGES FOR ROLE formengine_owner IN SCHEMA public
    GRANT USAGE, SELECT ON SEQUENCES TO formengine_app;
