import type { SecretEntry } from '@vocab/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { QuizQuery } from '@/features/quiz/components/quiz-query';
import { QuizScreen } from '@/features/quiz/components/quiz-screen';
import { useSecretWords } from '@/features/secret/api/get-secret-words';
import { SECRET_LOCALE, secretQuizItems } from '@/features/secret/lib/secret-quiz';

/** The secret quiz: 70 English words, the secret word typed; nothing is sent to the server. */
export function Component() {
  const query = useSecretWords();
  // Each game is a new draw: "Play again" remounts the quiz.
  const [game, setGame] = useState(0);
  return (
    <Page title="Secret quiz">
      <QuizQuery query={query} isEmpty={(entries) => entries.length === 0} empty={<p>The secret language has no words yet.</p>}>
        {(entries) => <SecretQuiz key={game} entries={entries} onPlayAgain={() => setGame((g) => g + 1)} />}
      </QuizQuery>
    </Page>
  );
}

function SecretQuiz({ entries, onPlayAgain }: { entries: readonly SecretEntry[]; onPlayAgain: () => void }) {
  const [items] = useState(() => secretQuizItems(entries, Math.random));
  return (
    <QuizScreen
      mode="secret"
      items={items}
      answerLabel="Answer in the secret language"
      answerLang={SECRET_LOCALE}
      promptLang="en"
      counter="progress"
      checkLabel="check"
      finishedActions={() => (
        <>
          <button type="button" className="btn btn-primary" onClick={onPlayAgain}>
            Play again
          </button>
          <Link to={paths.secret} className="btn btn-secondary">
            Back to the secret language
          </Link>
        </>
      )}
    />
  );
}
