import type {
  ExtractionCreate,
  ExtractionField,
  ExtractionItem,
  ExtractionRerun,
  ExtractionRowMode,
  ExtractionSummary,
  ExtractionValue,
  FileList,
} from "@nexus/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { extractionKeys } from "@/lib/query-keys.ts";

/** /api/extractions: one fetcher per operation, with its query or mutation hook. */
const enc = encodeURIComponent;

export function getExtractions(signal?: AbortSignal): Promise<{ items: ExtractionSummary[] }> {
  return apiRequest("/extractions", signal ? { signal } : {});
}

export function getExtraction(id: string, signal?: AbortSignal): Promise<ExtractionItem> {
  return apiRequest(`/extractions/${enc(id)}`, signal ? { signal } : {});
}

export const extractionQuery = (id: string) =>
  queryOptions({
    queryKey: extractionKeys.one(id),
    queryFn: ({ signal }) => getExtraction(id, signal),
  });

export function useExtractions() {
  return useQuery({
    queryKey: extractionKeys.list(),
    queryFn: ({ signal }) => getExtractions(signal),
  });
}

export function useExtraction(id: string) {
  return useQuery(extractionQuery(id));
}

/** The caller's files to pick sources from (GET /api/files). */
export function useMyFiles() {
  return useQuery({
    queryKey: [...extractionKeys.all, "files"],
    queryFn: ({ signal }) => apiRequest<FileList>("/files", { signal }),
  });
}

export function useStartExtraction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtractionCreate) =>
      apiRequest<ExtractionItem>("/extractions", { method: "POST", body }),
    onSuccess: (item) => {
      client.setQueryData(extractionKeys.one(item.id), item);
      void client.invalidateQueries({ queryKey: extractionKeys.list() });
    },
  });
}

export function useProposeFields() {
  return useMutation({
    mutationFn: (description: string) =>
      apiRequest<{ fields: ExtractionField[]; rowMode: ExtractionRowMode }>(
        "/extractions/propose",
        {
          method: "POST",
          body: { description },
        },
      ),
  });
}

/** Mutations on one extraction: each answers with the extraction, put in the cache. */
export function useExtractionActions(id: string) {
  const client = useQueryClient();
  const put = (item: ExtractionItem) => {
    client.setQueryData(extractionKeys.one(id), item);
    void client.invalidateQueries({ queryKey: extractionKeys.list() });
  };
  const cancel = useMutation({
    mutationFn: () =>
      apiRequest<ExtractionItem>(`/extractions/${enc(id)}/cancel`, { method: "POST" }),
    onSuccess: put,
  });
  const edit = useMutation({
    mutationFn: (input: { row: number; key: string; value: ExtractionValue }) =>
      apiRequest<ExtractionItem>(
        `/extractions/${enc(id)}/rows/${input.row}/cells/${enc(input.key)}`,
        { method: "PATCH", body: { value: input.value } },
      ),
    onSuccess: put,
  });
  const rerun = useMutation({
    mutationFn: (input: ExtractionRerun) =>
      apiRequest<ExtractionItem>(`/extractions/${enc(id)}/rerun`, { method: "POST", body: input }),
    onSuccess: put,
  });
  const addField = useMutation({
    mutationFn: (field: ExtractionField) =>
      apiRequest<ExtractionItem>(`/extractions/${enc(id)}/fields`, {
        method: "POST",
        body: { field },
      }),
    onSuccess: put,
  });
  return { cancel, edit, rerun, addField };
}
