-- Every server instance may keep a short-lived copy of session lookups (plugins/session-cache.ts).
-- Whatever a session carries (the user, the role and its menus, the clinics in scope, the session
-- itself) changes only through these tables; each change tells every instance to forget its copies.
CREATE OR REPLACE FUNCTION klinikita_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('klinikita_sessions', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER roles_sessions_changed AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER role_menus_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON role_menus
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER menus_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER doctor_clinics_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON doctor_clinics
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER clinics_sessions_changed AFTER UPDATE OR DELETE ON clinics
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER employees_sessions_changed AFTER UPDATE OR DELETE ON employees
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_sessions_changed();
