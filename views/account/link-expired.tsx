import { Link } from 'wouter';
import { accountPath, FORGOT_PASSWORD_PATH, type SignInLink, signInPath } from '../../domain/return-path.ts';
import { accountStyles } from '../ui/account-styles.ts';

/** An emailed link the server refused (used, expired, another site's): why, and the ways on. */
export function LinkExpired({ message, link }: { message: string | null; link: SignInLink }) {
  return (
    <section className={accountStyles.narrow}>
      <h1 className={accountStyles.heading}>This link no longer works</h1>
      <p role="alert" className={accountStyles.alert}>
        {message}
      </p>
      <p className={accountStyles.row}>
        <Link href={accountPath(FORGOT_PASSWORD_PATH, link)} className={accountStyles.link}>
          Email me a new link
        </Link>
        <Link href={signInPath(link)} className={accountStyles.link}>
          Sign in
        </Link>
      </p>
    </section>
  );
}
