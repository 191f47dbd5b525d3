-- Servers keep live sessions in memory (modules/sessions/session-cache.ts). Whatever changes what a
-- cached session grants tells every server on commit, whichever code or person made the change:
-- a session updated or deleted ('s:<id>'), a partner's status changed or the partner deleted
-- ('p:<id>'), an operator changed or deleted ('a:<id>').
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', TG_ARGV[0] || ':' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An expired session is never served (expiry is checked on every call): purging those says nothing.
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW WHEN (OLD.expires_at > now()) EXECUTE FUNCTION notify_session_changed('s');
--> statement-breakpoint
CREATE TRIGGER partners_status_changed AFTER UPDATE OF status OR DELETE ON partners
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed('p');
--> statement-breakpoint
CREATE TRIGGER admins_changed AFTER UPDATE OR DELETE ON admins
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed('a');
