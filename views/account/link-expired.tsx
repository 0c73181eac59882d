import { Link } from 'wouter';
import { accountPath, FORGOT_PASSWORD_PATH, type SignInLink, signInPath } from '../../domain/return-path.ts';
import { pageStyles } from '../ui/page-styles.ts';

/** An emailed link the server refused (used, expired, another site's): why, and the ways on. */
export function LinkExpired({ message, link }: { message: string | null; link: SignInLink }) {
  return (
    <section className={pageStyles.narrow}>
      <h1 className={pageStyles.heading}>This link no longer works</h1>
      <p role="alert" className={pageStyles.alert}>
        {message}
      </p>
      <p className={pageStyles.row}>
        <Link href={accountPath(FORGOT_PASSWORD_PATH, link)} className={pageStyles.link}>
          Email me a new link
        </Link>
        <Link href={signInPath(link)} className={pageStyles.link}>
          Sign in
        </Link>
      </p>
    </section>
  );
}
