import { describe, expect, it } from 'vitest';
import { databaseUri, redactUri, withoutDatabase } from './mongo-uri.js';

describe('connection strings', () => {
  it('drops the database name but keeps hosts, credentials and options', () => {
    expect(withoutDatabase('mongodb://127.0.0.1:27017/app')).toBe('mongodb://127.0.0.1:27017/');
    expect(withoutDatabase('mongodb://u:p@a:1,b:2/app?replicaSet=rs0')).toBe(
      'mongodb://u:p@a:1,b:2/?replicaSet=rs0',
    );
    expect(withoutDatabase('mongodb+srv://cluster.example.net')).toBe('mongodb+srv://cluster.example.net/');
  });

  it('puts a database name before the options', () => {
    expect(databaseUri('mongodb://h:1/', 'test_a')).toBe('mongodb://h:1/test_a');
    expect(databaseUri('mongodb://h:1/?retryWrites=false', 'test_a')).toBe(
      'mongodb://h:1/test_a?retryWrites=false',
    );
  });

  it('hides credentials in log output and rejects other schemes', () => {
    expect(redactUri('mongodb://user:secret@h:1/')).toBe('mongodb://***@h:1/');
    expect(() => withoutDatabase('postgres://h/db')).toThrow(/not a MongoDB connection string/);
  });
});
