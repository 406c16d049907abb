//! Tests of the ORM reader.

use super::*;

fn losses(code: &str, language: CodeLanguage) -> Vec<DataLoss> {
    scan(code, language).losses
}

#[test]
fn active_record_whole_tables_and_drops() {
    use DataLoss::*;
    let ruby = |c| losses(c, CodeLanguage::Ruby);
    for (code, loss) in [
        ("User.delete_all", DeleteWithoutWhere),
        ("User.all.destroy_all", DeleteWithoutWhere),
        ("Admin::AuditLog.unscoped.delete_all", DeleteWithoutWhere),
        ("puts User.destroy_all.size", DeleteWithoutWhere),
        ("User.update_all(admin: true)", UpdateWithoutWhere),
        ("User.all.each(&:destroy)", DeleteWithoutWhere),
        ("User.find_each(&:destroy!)", DeleteWithoutWhere),
        (
            "ActiveRecord::Base.connection.drop_table(:users)",
            DropTable,
        ),
        ("ActiveRecord::Migration.drop_table :users", DropTable),
        (
            "ActiveRecord::Base.connection.remove_column :users, :email",
            DropColumn,
        ),
        ("ActiveRecord::Base.connection.truncate(:users)", Truncate),
        (
            "ActiveRecord::Base.connection.execute('TRUNCATE users')",
            Truncate,
        ),
        (
            "ActiveRecord::Base.connection.execute \"DROP TABLE users\"",
            DropTable,
        ),
    ] {
        assert_eq!(ruby(code), [loss], "{code}");
    }
    for code in [
        "User.where(active: false).delete_all",
        "User.inactive.destroy_all",
        "user.posts.destroy_all",
        "current_user.sessions.delete_all",
        "User.where(id: 1).update_all(admin: true)",
        "puts 'User.delete_all'",
        "# User.delete_all\nputs User.count",
        "User.find(1).destroy",
        "User.all.each(&:touch)",
        "ActiveRecord::Base.connection.execute('SELECT 1')",
        "Rails.cache.clear",
    ] {
        assert!(ruby(code).is_empty(), "{code}: {:?}", ruby(code));
    }
}

#[test]
fn django_and_sqlalchemy_whole_tables_and_drops() {
    use DataLoss::*;
    let python = |c| losses(c, CodeLanguage::Python);
    for (code, loss) in [
        ("User.objects.all().delete()", DeleteWithoutWhere),
        (
            "from app.models import User; User.objects.all().delete()",
            DeleteWithoutWhere,
        ),
        ("Post.objects.filter().delete()", DeleteWithoutWhere),
        ("User.objects.update(is_staff=True)", UpdateWithoutWhere),
        ("db.session.query(User).delete()", DeleteWithoutWhere),
        ("User.query.delete()", DeleteWithoutWhere),
        ("session.execute(delete(User))", DeleteWithoutWhere),
        ("db.drop_all()", DropTable),
        ("Base.metadata.drop_all(engine)", DropTable),
        ("User.__table__.drop(engine)", DropTable),
        ("call_command('flush', interactive=False)", Truncate),
        (
            "from django.db import connection; connection.cursor().execute(\"DROP TABLE app_user\")",
            DropTable,
        ),
        (
            "conn.execute(text('''DELETE FROM users'''))",
            DeleteWithoutWhere,
        ),
    ] {
        assert_eq!(python(code), [loss], "{code}");
    }
    for code in [
        "User.objects.filter(pk=1).delete()",
        "User.objects.get(pk=1).delete()",
        "user.delete()",
        "User.objects.filter(active=False).update(archived=True)",
        "d = {}; d.update(a=1)",
        "session.query(User).filter_by(id=1).delete()",
        "session.execute(delete(User).where(User.id == 1))",
        "print('User.objects.all().delete()')",
        "cache.delete('k')",
        "os.remove('x')",
        "call_command('migrate')",
        "cursor.execute('SELECT * FROM users')",
    ] {
        assert!(python(code).is_empty(), "{code}: {:?}", python(code));
    }
}

#[test]
fn prisma_sequelize_knex_and_mongo_whole_tables_and_drops() {
    use DataLoss::*;
    let js = |c| losses(c, CodeLanguage::JavaScript);
    for (code, loss) in [
        ("await prisma.user.deleteMany()", DeleteWithoutWhere),
        ("prisma.user.deleteMany({})", DeleteWithoutWhere),
        ("prisma.post.deleteMany({ where: {} })", DeleteWithoutWhere),
        (
            "prisma.user.updateMany({ data: { admin: true } })",
            UpdateWithoutWhere,
        ),
        ("prisma.$executeRawUnsafe('DROP TABLE users')", DropTable),
        ("prisma.$executeRaw`TRUNCATE users`", Truncate),
        ("await sequelize.sync({ force: true })", DropTable),
        ("User.destroy({ truncate: true })", Truncate),
        ("User.destroy({ where: {} })", DeleteWithoutWhere),
        ("sequelize.drop()", DropTable),
        ("knex('users').del()", DeleteWithoutWhere),
        ("knex('users').truncate()", Truncate),
        ("knex.schema.dropTable('users')", DropTable),
        ("db.collection('users').deleteMany({})", DeleteWithoutWhere),
        ("mongoose.connection.dropDatabase()", DropDatabase),
        ("dataSource.dropDatabase()", DropDatabase),
        ("pool.query(\"DELETE FROM users\")", DeleteWithoutWhere),
        ("db.exec(`DROP TABLE sessions`)", DropTable),
    ] {
        assert_eq!(js(code), [loss], "{code}");
    }
    for code in [
        "prisma.user.deleteMany({ where: { id: 1 } })",
        "prisma.user.updateMany({ where: { id: 1 }, data: { a: 1 } })",
        "sequelize.sync()",
        "sequelize.sync({ alter: true })",
        "User.destroy({ where: { id: 1 } })",
        "knex('users').where('id', 1).del()",
        "map.delete(key)",
        "axios.delete('/api/x')",
        "pool.query('SELECT * FROM users')",
        "console.log('prisma.user.deleteMany()')",
        "// prisma.user.deleteMany()\nconsole.log(1)",
        "/* sequelize.drop() */ x()",
        "cache.clear()",
        "arr.splice(0)",
    ] {
        assert!(js(code).is_empty(), "{code}: {:?}", js(code));
    }
}

#[test]
fn unterminated_literals_and_odd_text_do_not_panic() {
    for code in [
        "'",
        "\"",
        "'''",
        "User.delete_all('",
        "(",
        ")",
        ").delete()",
        "é.delete()",
        "x = \"é\"; User.delete_all",
        ".delete_all",
        "delete(",
        "execute(\"",
    ] {
        let _ = scan(code, CodeLanguage::Ruby);
        let _ = scan(code, CodeLanguage::Python);
    }
    assert_eq!(
        losses("x = \"é\"; User.delete_all", CodeLanguage::Ruby),
        [DataLoss::DeleteWithoutWhere]
    );
}
