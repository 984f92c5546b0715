import { useState } from 'react';
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
  // The account the page opened for, kept when its session ends here: its read then says "You need to log in".
  const current = useSession().data?._id ?? '';
  const [userId, setUserId] = useState(current);
  if (current !== '' && current !== userId) setUserId(current);
  return (
    <LanguageHome language={language} routes="generic" figures={useUserLanguage(userId, language.code)} breadcrumb />
  );
}
