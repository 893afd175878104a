import { NOTICE, BOARD_URL } from '../../shared/notice.ts';
import { PRIVACY_NOTICE_VERSION, type NoticeLanguage } from '../../shared/consent.ts';
import './notice.css';

/** The itemised notice (DPDP Act s.5, Rules r.3) in the chosen language: items, recipients, retention, rights, complaints. */
export function ItemisedNotice({ language }: { language: NoticeLanguage }) {
  const n = NOTICE[language];
  return (
    <section className="itemised-notice" lang={language} data-notice-language={language} data-notice-version={PRIVACY_NOTICE_VERSION}>
      <h3>{n.title}</h3>
      <table>
        <tbody>
          {n.items.map((item) => (
            <tr key={item.data}>
              <th scope="row">{item.data}</th>
              <td>{item.purpose}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{n.recipients}</p>
      <h4>{n.retentionHeading}</h4>
      <ul>
        {n.retention.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>{n.rights}</p>
      <p>{n.withdraw}</p>
      <p>{n.grievance}</p>
      <p>
        <a href={BOARD_URL} rel="noopener">
          {n.board}
        </a>
      </p>
    </section>
  );
}
