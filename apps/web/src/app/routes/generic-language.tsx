import type { Language } from '@vocab/core';
import { RequireAccount } from '@/app/layout/require-account';
import { useRouteLanguage } from '@/lib/use-route-language';
import { useSession } from '@/features/auth/api/get-session';
import { useUserLanguage } from '@/features/languages/api/user-languages';
import { LanguageHome } from './language-home';
import { Component as NotFound } from './not-found';

export function Component() {
  const language = useRouteLanguage();
  return (
    <RequireAccount>
      {language ? <GenericLanguage key={language.code} language={language} /> : <NotFound />}
    </RequireAccount>
  );
}

/**
 * The account's home of one language (`/generic/{languageName}`): the same home as `/spanish`, linking
 * the generic quiz and review, under a breadcrumb; an unknown language is a 404.
 */
function GenericLanguage({ language }: { language: Language }) {
  const userId = useSession().data?._id ?? '';
  return (
    <LanguageHome language={language} routes="generic" figures={useUserLanguage(userId, language.code)} breadcrumb />
  );
}
