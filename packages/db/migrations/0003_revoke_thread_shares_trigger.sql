-- Deleting an answer (or its whole thread, by retention, or a regenerated answer) revokes every live
-- thread share whose snapshot contains it, so a deleted thread's link answers 404 like any other.
CREATE OR REPLACE FUNCTION revoke_thread_shares_of_deleted_entry() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE thread_shares SET revoked_at = now()
  WHERE user_id = OLD.user_id
    AND thread_id = OLD.thread_id
    AND revoked_at IS NULL
    AND OLD.id = ANY (entry_ids);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_history_revoke_thread_shares
  AFTER DELETE ON search_history
  FOR EACH ROW EXECUTE FUNCTION revoke_thread_shares_of_deleted_entry();
