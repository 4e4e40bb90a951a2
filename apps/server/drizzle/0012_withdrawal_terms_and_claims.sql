-- placeholder: filled by the change that owns this migration
SELECT 1;
