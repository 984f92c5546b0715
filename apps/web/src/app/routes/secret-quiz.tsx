import { SecretEntry } from '@vocab/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { QuizQuery } from '@/features/quiz/components/quiz-query';
import { QuizScreen } from '@/features/quiz/components/quiz-screen';
import { type PageQuizRun, useQuizRun } from '@/features/quiz/offline/quiz-runs';
import { useSecretWords } from '@/features/secret/api/get-secret-words';
import { SECRET_LOCALE, drawSecretEntries, secretQuizItems } from '@/features/secret/lib/secret-quiz';

/** The pairs a game drew, as its run is kept: a reload resumes the game over them. */
const SecretEntries = z.array(SecretEntry);

/** "Undo" and "I was right" change the game's score; the server keeps no record of the secret quiz to correct. */
const keepCorrectionsHere = () => Promise.resolve();

/** The secret quiz: 70 English words, the secret word typed; nothing is sent to the server. */
export function Component() {
  const query = useSecretWords();
  // A game reloaded mid-way resumes over the pairs it drew, where it was, as the word quizzes do.
  const run = useQuizRun(SecretEntries);
  // Each game is a new draw: "Play again" remounts the quiz.
  const [game, setGame] = useState(0);
  const playAgain = () => {
    run.startAfresh();
    setGame((g) => g + 1);
  };
  return (
    <Page title="Secret quiz">
      <QuizQuery
        query={query}
        resumed={run.resumed?.words}
        isEmpty={(entries) => entries.length === 0}
        empty={<p>The secret language has no words yet.</p>}
      >
        {(entries) => (
          <SecretQuiz key={run.resumed ? 'resumed' : game} entries={entries} run={run} onPlayAgain={playAgain} />
        )}
      </QuizQuery>
    </Page>
  );
}

function SecretQuiz({
  entries,
  run,
  onPlayAgain,
}: {
  entries: readonly SecretEntry[];
  run: PageQuizRun<SecretEntry>;
  onPlayAgain: () => void;
}) {
  // A resumed game keeps the pairs it drew; its kept progress says their order and where it stands.
  const [drawn] = useState(() => run.resumed?.words ?? drawSecretEntries(entries, Math.random));
  const [items] = useState(() => secretQuizItems(drawn));
  return (
    <QuizScreen
      mode="secret"
      items={items}
      run={run.runOf(drawn)}
      answerLabel="Answer in the secret language"
      answerLang={SECRET_LOCALE}
      promptLang="en"
      counter="progress"
      correct={keepCorrectionsHere}
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
