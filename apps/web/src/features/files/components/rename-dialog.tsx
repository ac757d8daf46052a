import { FILE_NAME_MAX } from "@nexus/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useRenameFile } from "../api/rename-file.ts";

export function RenameDialog({
  file,
  onClose,
}: {
  file: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameFile();
  useEffect(() => {
    setName(file?.name ?? "");
    setError(null);
  }, [file]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (name.trim() === "") return setError(t("files.nameNeeded"));
    rename.mutate(
      { fileId: file.id, name: name.trim() },
      {
        onSuccess: () => {
          notify("success", t("files.renamed"));
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <DialogRoot open={file !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={t("files.renameTitle")} data-testid="files-rename-dialog">
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <TextField
            label={t("files.name")}
            value={name}
            maxLength={FILE_NAME_MAX}
            error={error}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t("spec.cancel")}</Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? t("common.saving") : t("files.save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
