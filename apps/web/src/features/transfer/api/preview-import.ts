import type { LanguageCode } from '@vocab/core';
import { useMutation } from '@tanstack/react-query';
import { call, client, fileUpload } from '@/lib/api-client';

/** What importing a file or a pasted list would add, line by line; the server saves nothing. */
export const previewImport = async (language: LanguageCode, file: Blob | string) =>
  call(client.POST('/api/{language}/import/preview', { params: { path: { language } }, ...(await fileUpload(file)) }));

export function usePreviewImport(language: LanguageCode) {
  return useMutation({ mutationFn: (file: Blob | string) => previewImport(language, file) });
}
