import { useSelector } from '@xstate/react';
import { ROLE_LABELS } from '../../../domain/staff.ts';
import type { StaffPageActorRef } from '../../../machines/console-staff/staff-page.machine.ts';
import {
  selectData,
  selectIsBusy,
  selectRemovalAsked,
} from '../../../machines/console-staff/staff-page.selectors.ts';
import { button } from '../../../styled-system/recipes';
import { pageStyles } from '../../ui/page-styles.ts';
import { consoleStyles } from '../layout/console-styles.ts';

/** The dealer's members (role changes and removals) and the invitations waiting to be accepted. */
export function StaffList({ actorRef }: { actorRef: StaffPageActorRef }) {
  const data = useSelector(actorRef, selectData);
  const busy = useSelector(actorRef, selectIsBusy);
  const removalAsked = useSelector(actorRef, selectRemovalAsked);
  if (!data) return null;
  return (
    <>
      <div className={consoleStyles.tableWrap}>
        <table className={consoleStyles.table}>
          <caption className={pageStyles.text}>Members</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Two-step</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.members.map((member) => (
              <tr key={member.id}>
                <td>{member.name}</td>
                <td>{member.email}</td>
                <td>{member.active ? ROLE_LABELS[member.role] : 'Removed'}</td>
                <td>{member.totp_enabled ? 'On' : 'Off'}</td>
                <td>
                  {member.active && member.id === removalAsked && (
                    <div className={pageStyles.row}>
                      <span
                        className={pageStyles.text}
                      >{`Remove ${member.name}? They are signed out at once.`}</span>
                      <button
                        type="button"
                        className={button({ variant: 'solid', size: 'sm' })}
                        onClick={() => actorRef.send({ type: 'removal.confirm' })}
                      >
                        {`Yes, remove ${member.name}`}
                      </button>
                      <button
                        type="button"
                        className={button({ variant: 'ghost', size: 'sm' })}
                        onClick={() => actorRef.send({ type: 'removal.cancel' })}
                      >
                        Keep
                      </button>
                    </div>
                  )}
                  {member.active && member.id !== data.me.id && member.id !== removalAsked && (
                    <div className={pageStyles.row}>
                      <button
                        type="button"
                        className={button({ variant: 'outline', size: 'sm' })}
                        disabled={busy}
                        onClick={() =>
                          actorRef.send({
                            type: 'member.role',
                            id: member.id,
                            role: member.role === 'manager' ? 'sales' : 'manager',
                          })
                        }
                      >
                        {member.role === 'manager'
                          ? `Make ${member.name} sales`
                          : `Make ${member.name} a manager`}
                      </button>
                      <button
                        type="button"
                        className={button({ variant: 'ghost', size: 'sm' })}
                        disabled={busy}
                        onClick={() => actorRef.send({ type: 'member.remove', id: member.id })}
                      >
                        {`Remove ${member.name}`}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className={pageStyles.subheading}>Invitations waiting</h2>
      {data.invitations.length === 0 ? (
        <p className={pageStyles.text}>None.</p>
      ) : (
        <ul>
          {data.invitations.map((invitation) => (
            <li key={invitation.id} className={pageStyles.text}>
              {`${invitation.email} (${ROLE_LABELS[invitation.role]}), until ${new Date(invitation.expires_at).toUTCString()}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
