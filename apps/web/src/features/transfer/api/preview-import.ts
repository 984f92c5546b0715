import type { ImportPreview } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

/** What importing a file or a pasted list would add, line by line; the server saves nothing. */
export const previewImport = (language: LanguageCode, file: Blob | string) => apiUpload<ImportPreview>(`/api/${language}/import/preview`, file);

export function usePreviewImport(language: LanguageCode) {
  return useMutation({ mutationFn: (file: Blob | string) => previewImport(language, file) });
}
