from .home import home as home
